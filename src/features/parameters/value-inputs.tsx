import type { Parameter } from '../../../contract/parameters';
import type { FormValues } from './form-values';
import { ParametersForm } from './parameters-form';
import { formErrors } from './validate-value';

/** The inputs of a form's parameter values, and whether the values they hold can be sent. */
export type ValueInputs = {
  renderValues: (values: FormValues, onChange: (values: FormValues) => void) => React.ReactNode;
  valuesValid: (values: FormValues) => boolean;
};

/**
 * The parameters form as another feature's value inputs (a schedule's, an alert's): the route
 * hands these to that feature, which never imports this one.
 */
export const valueInputs = (ctx: string, parameters: readonly Parameter[]): ValueInputs => ({
  renderValues: (values, onChange) => (
    <ParametersForm parameters={parameters} values={values} onChange={onChange} ctx={ctx} />
  ),
  valuesValid: (values) => Object.keys(formErrors(parameters, values)).length === 0,
});
