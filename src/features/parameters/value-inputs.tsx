import type { Parameter } from '../../../contract/parameters';
import type { ValueInputs } from '../../lib/parameter-values';
import { ParametersForm } from './parameters-form';
import { formErrors } from './validate-value';

/**
 * The parameters form as another feature's value inputs (a schedule's, an alert's): the route
 * hands these to that feature, which never imports this one.
 */
export const valueInputs = (
  ctx: string,
  parameters: readonly Parameter[],
  opts: { defaultsAsPlaceholders?: boolean } = {},
): ValueInputs => ({
  renderValues: (values, onChange) => (
    <ParametersForm
      parameters={parameters}
      values={values}
      onChange={onChange}
      ctx={ctx}
      defaultsAsPlaceholders={opts.defaultsAsPlaceholders}
    />
  ),
  valuesValid: (values) => Object.keys(formErrors(parameters, values)).length === 0,
});
