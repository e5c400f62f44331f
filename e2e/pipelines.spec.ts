import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS, signUp } from './support/session';

type NodeExec = {
  id: number;
  dependencies: number[];
  query_execution_status?: { status: string; execution_id?: string; error?: string };
};

/** Saves queries through the API as the signed-in browser; returns their ids in order. */
async function createQueries(page: Page, handle: string, queries: [string, string][]) {
  const ids: number[] = [];
  for (const [name, sql] of queries) {
    const res = await page.request.post('/api/v1/query', {
      headers: { 'x-strata-context': handle },
      data: { name, query_sql: sql },
    });
    expect(res.ok()).toBe(true);
    ids.push(((await res.json()) as { query_id: number }).query_id);
  }
  return ids;
}

/** Picks a query in the toolbar's "Add query node" select. */
async function addQueryNode(page: Page, name: string) {
  const select = page.getByRole('combobox', { name: 'Add query node' });
  await select.click();
  await select.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(#`) }).click();
}

const node = (page: Page, id: number) => page.locator(`.react-flow__node[data-id="${id}"]`);

/** Draws "`to` depends on `from`": drags from `from`'s output handle to `to`'s input handle. */
async function connect(page: Page, from: number, to: number) {
  await node(page, from)
    .locator('.react-flow__handle.source')
    .dragTo(node(page, to).locator('.react-flow__handle.target'));
}

const runId = (page: Page) => new URL(page.url()).searchParams.get('run') ?? '';

test.describe('pipelines', () => {
  test('builds a three-node pipeline by drawing edges, runs it and watches it finish', async ({
    page,
  }) => {
    const handle = await signUp(page, { prefix: 'pl', colorScheme: 'light' });
    const names = ['Base numbers', 'Doubled', 'Squared'];
    await createQueries(page, handle, [
      [names[0]!, 'SELECT range AS x FROM range(5)'],
      [names[1]!, 'SELECT range * 2 AS y FROM range(5)'],
      [names[2]!, 'SELECT range * range AS z FROM range(5)'],
    ]);
    await page.goto('/pipelines');
    await expect(page.getByRole('heading', { name: 'Pipelines' })).toBeVisible();
    for (const name of names) await addQueryNode(page, name);
    await expect(page.getByTestId('pipeline-node')).toHaveCount(3);
    await expect(page.getByRole('group', { name: `Node 1: ${names[0]}` })).toBeVisible();

    await connect(page, 1, 2);
    await expect(page.locator('[aria-label="Node 2 depends on node 1"]')).toHaveCount(1);
    await connect(page, 1, 3);
    await expect(page.locator('[aria-label="Node 3 depends on node 1"]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page).toHaveURL(/[?&]run=/);
    await expect(page.getByTestId('run-status')).toHaveText('Completed', { timeout: 30_000 });
    for (const id of [1, 2, 3]) {
      await expect(node(page, id).getByTestId('pipeline-node')).toHaveAttribute(
        'data-status',
        'completed',
      );
      await expect(
        node(page, id).getByRole('link', { name: `Execution of node ${id}` }),
      ).toHaveAttribute('href', /^\/executions\/.+/);
    }
    // The service ran the edges that were drawn.
    const res = await page.request.get(`/api/v1/pipelines/executions/${runId(page)}/status`, {
      headers: { 'x-strata-context': handle },
    });
    const status = (await res.json()) as { status: string; node_executions: NodeExec[] };
    expect(status.status).toBe('completed');
    expect(status.node_executions.map((n) => [n.id, n.dependencies])).toEqual([
      [1, []],
      [2, [1]],
      [3, [1]],
    ]);
    await expect(page.getByRole('button', { name: /: Completed, 3 nodes$/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/pipelines-light.png` });

    // The URL reproduces the watched run.
    await page.reload();
    await expect(page.getByTestId('run-status')).toHaveText('Completed');
    await expect(page.getByTestId('pipeline-node')).toHaveCount(3);
    await expect(page.locator('[aria-label="Node 3 depends on node 1"]')).toHaveCount(1);
  });

  test('a failing node fails the run, its dependants are skipped, a cycle is refused', async ({
    page,
  }) => {
    const handle = await signUp(page, { prefix: 'pl', colorScheme: 'dark' });
    await createQueries(page, handle, [
      ['Breaks', "SELECT error('pipeline boom') AS x"],
      ['After the break', 'SELECT 1 AS y'],
      ['Also after', 'SELECT 2 AS z'],
    ]);
    await page.goto('/pipelines');
    for (const name of ['Breaks', 'After the break', 'Also after']) await addQueryNode(page, name);
    await connect(page, 1, 2);
    await expect(page.locator('[aria-label="Node 2 depends on node 1"]')).toHaveCount(1);
    await connect(page, 2, 3);
    await expect(page.locator('[aria-label="Node 3 depends on node 2"]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveText('Failed', { timeout: 30_000 });
    const failed = node(page, 1).getByTestId('pipeline-node');
    await expect(failed).toHaveAttribute('data-status', 'failed');
    await expect(failed.getByTestId('node-error')).toContainText('pipeline boom');
    await expect(failed.getByRole('link', { name: 'Execution of node 1' })).toHaveAttribute(
      'href',
      /^\/executions\/.+/,
    );
    for (const id of [2, 3]) {
      const skipped = node(page, id).getByTestId('pipeline-node');
      await expect(skipped).toHaveAttribute('data-status', 'skipped');
      await expect(skipped.getByTestId('node-error')).not.toBeEmpty();
    }
    await page.screenshot({ path: `${SCREENSHOTS}/pipelines-dark.png` });

    // 3 → 1 would close a cycle: refused with a message, no edge drawn.
    await connect(page, 3, 1);
    await expect(page.getByText(/would make a cycle/)).toBeVisible();
    await expect(page.locator('[aria-label="Node 1 depends on node 3"]')).toHaveCount(0);

    // An edge goes with the keyboard (focus, Enter selects, Delete), a node with its button.
    await page.locator('[aria-label="Node 3 depends on node 2"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Delete');
    await expect(page.locator('[aria-label="Node 3 depends on node 2"]')).toHaveCount(0);
    await expect(page.locator('[aria-label="Node 2 depends on node 1"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Remove node 3' }).click();
    await expect(page.getByTestId('pipeline-node')).toHaveCount(2);
  });

  test("/pipelines?query= loads the query's lineage, ready to run", async ({ page }) => {
    const handle = await signUp(page, { prefix: 'pl' });
    const [id] = await createQueries(page, handle, [['Lineage root', 'SELECT 42 AS answer']]);
    await page.goto(`/pipelines?query=${id}`);
    await expect(page.getByRole('group', { name: 'Node 1: Lineage root' })).toBeVisible();
    await expect(page.getByTestId('pipeline-node')).toHaveCount(1);
    const run = page.getByRole('button', { name: 'Run', exact: true });
    await expect(run).toBeEnabled();
    await run.click();
    await expect(page.getByTestId('run-status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`query=${id}.*run=|run=.*query=${id}`));
  });
});
