import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS, signUp, uniqueHandle } from './support/session';

const PASSWORD = 'correct horse battery';

/** Picks the context `handle` in the header; the switcher then shows `name` (its display name). */
async function switchContext(page: Page, handle: string, name = handle) {
  await page.getByTestId('context-switcher').click();
  await page.locator(`[role="option"][data-handle="${handle}"]`).click();
  await expect(page.getByTestId('context-switcher')).toHaveText(name);
}

async function createTeam(page: Page, team: string) {
  await page.goto('/settings/teams');
  await page.getByRole('button', { name: 'Create team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a team' });
  await dialog.getByLabel('Team handle').fill(team);
  await dialog.getByLabel('Display name').fill('Data crew');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('settings: teams', () => {
  test('create a team, switch to it: what is listed changes', async ({ page }) => {
    const me = await signUp(page, { prefix: 'owner' });
    // A key in the personal context, to see the listing change with the context.
    const made = await page.request.post('/api/v1/keys', {
      data: { name: 'personal-key', scope: 'read' },
    });
    expect(made.status()).toBe(200);

    await page.goto('/settings/teams');
    await expect(page.getByText('You belong to no team yet')).toBeVisible();
    const team = uniqueHandle('crew');
    await createTeam(page, team);

    const teams = page.getByRole('navigation', { name: 'Teams' });
    await expect(teams.getByRole('button', { name: new RegExp(team) })).toBeVisible();
    const members = page.getByRole('table', { name: `Members of ${team}` });
    await expect(members.getByTestId('member-row')).toHaveCount(1);
    await expect(members.getByTestId('member-row')).toContainText(me);
    await expect(members.getByTestId('member-row')).toContainText('admin');

    // The switcher lists the new team; switching changes what the API keys page lists.
    await page.getByRole('tab', { name: 'API keys' }).click();
    await expect(page.getByRole('table', { name: `API keys of ${me}` })).toContainText(
      'personal-key',
    );
    // Teams show by their display name; the handle is beside it in the list.
    await switchContext(page, team, 'Data crew');
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    await expect(page.getByText(`No API keys in ${team} yet.`)).toBeVisible();
    await expect(page.getByText('personal-key')).toHaveCount(0);
    await switchContext(page, me);
    await expect(page.getByRole('table', { name: `API keys of ${me}` })).toContainText(
      'personal-key',
    );
  });

  test('add and remove a member; the service’s refusals are shown', async ({ page, request }) => {
    const me = await signUp(page, { prefix: 'admin' });
    const other = uniqueHandle('mate');
    const signup = await request.post('/api/v1/auth/signup', {
      data: { handle: other, password: PASSWORD },
    });
    expect(signup.status()).toBe(200);
    const team = uniqueHandle('squad');
    await createTeam(page, team);

    const form = page.getByRole('form', { name: 'Add a member' });
    const members = page.getByRole('table', { name: `Members of ${team}` });
    await form.getByLabel('User handle').fill('nobody-here-at-all');
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect(form.getByRole('alert')).toContainText('user not found: nobody-here-at-all');

    await form.getByLabel('User handle').fill(other);
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect(members.getByTestId('member-row')).toHaveCount(2);
    const row = members.getByTestId('member-row').filter({ hasText: other });
    await expect(row).toContainText('member');
    await expect(form.getByLabel('User handle')).toHaveValue('');

    // Adding the same user again is a conflict, said plainly.
    await form.getByLabel('User handle').fill(other);
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect(form.getByRole('alert')).toContainText('already a member');

    // The other user sees the team from their side.
    const theirs = await request.get(`/api/v1/teams/${team}/members`);
    expect(theirs.status()).toBe(200);

    await row.getByRole('button', { name: `Remove ${other}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove member?' });
    await expect(confirm).toContainText(`Remove ${other} from ${team}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(members.getByTestId('member-row')).toHaveCount(2);

    await row.getByRole('button', { name: `Remove ${other}` }).click();
    await confirm.getByRole('button', { name: 'Remove member' }).click();
    await expect(confirm).toBeHidden();
    await expect(members.getByTestId('member-row')).toHaveCount(1);
    await expect(members).not.toContainText(other);
    expect((await request.get(`/api/v1/teams/${team}/members`)).status()).toBe(404);

    // The last admin cannot leave: the service says why and the dialog stays open.
    await members.getByRole('button', { name: 'Leave team' }).click();
    const leave = page.getByRole('dialog', { name: `Leave ${team}?` });
    await leave.getByRole('button', { name: 'Leave team' }).click();
    await expect(leave.getByRole('alert')).toContainText('a team needs at least one admin');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(members.getByTestId('member-row')).toContainText(me);
  });
});

test.describe('settings: API keys', () => {
  test('create a key, see it once, copy it, use it, revoke it', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const me = await signUp(page, { prefix: 'keys' });
    await page.goto('/settings/api-keys');
    await expect(page.getByText(`No API keys in ${me} yet.`)).toBeVisible();

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await expect(dialog).toContainText(`acts in the context ${me}`);
    await dialog.getByLabel('Name').fill('nightly export');
    await dialog.getByLabel(/^Read & write/).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const secret = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(secret).toContainText('It will not be shown again');
    const key = (await secret.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^strata_/);
    await secret.getByRole('button', { name: 'Copy key' }).click();
    await expect(secret.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await secret.getByRole('button', { name: 'I have copied it' }).click();
    await expect(secret).toBeHidden();

    // Listed with its prefix and scope; the secret itself is nowhere on the page any more.
    const table = page.getByRole('table', { name: `API keys of ${me}` });
    const row = table.getByTestId('api-key-row').filter({ hasText: 'nightly export' });
    await expect(row).toContainText('Read & write');
    await expect(row).toContainText('Never');
    const prefix = (await row.locator('code').textContent())?.replace('…', '') ?? '';
    expect(key.startsWith(prefix)).toBe(true);
    await expect(page.getByText(key)).toHaveCount(0);
    await page.getByRole('button', { name: 'Create API key' }).click();
    await expect(page.getByRole('dialog', { name: 'Create an API key' })).not.toContainText(key);
    await page.getByRole('button', { name: 'Cancel' }).click();

    const headers = { 'x-service-api-key': key };
    expect((await request.get('/api/v1/usage', { headers })).status()).toBe(200);
    await page.reload();
    await expect(row).not.toContainText('Never');

    await row.getByRole('button', { name: 'Revoke nightly export' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
    await expect(confirm).toContainText('get 401');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(page.getByText(`No API keys in ${me} yet.`)).toBeVisible();
    expect((await request.get('/api/v1/usage', { headers })).status()).toBe(401);
  });

  test('a team member who is not an admin sees the keys but cannot manage them', async ({
    page,
    request,
  }) => {
    const admin = uniqueHandle('boss');
    expect(
      (
        await request.post('/api/v1/auth/signup', { data: { handle: admin, password: PASSWORD } })
      ).status(),
    ).toBe(200);
    const team = uniqueHandle('shop');
    expect((await request.post('/api/v1/teams', { data: { handle: team } })).status()).toBe(200);
    const teamKey = await request.post('/api/v1/keys', {
      headers: { 'x-strata-context': team },
      data: { name: 'team-etl', scope: 'read' },
    });
    expect(teamKey.status()).toBe(200);

    const me = await signUp(page, { prefix: 'member' });
    const added = await request.post(`/api/v1/teams/${team}/members`, {
      data: { handle: me, role: 'member' },
    });
    expect(added.status()).toBe(200);

    await page.goto('/settings/api-keys');
    await switchContext(page, team);
    const table = page.getByRole('table', { name: `API keys of ${team}` });
    await expect(table).toContainText('team-etl');
    await expect(table).toContainText(admin);
    await expect(
      page.getByText(`Only admins of ${team} create and revoke its keys.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create API key' })).toBeDisabled();
    await expect(table.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots: settings teams and API keys, ${scheme}`, async ({ page, request }) => {
    const me = await signUp(page, { colorScheme: scheme, prefix: 'shot' });
    const other = uniqueHandle('pal');
    await request.post('/api/v1/auth/signup', { data: { handle: other, password: PASSWORD } });
    const team = uniqueHandle('analysts');
    const made = await page.request.post('/api/v1/teams', {
      data: { handle: team, display_name: 'Analysts' },
    });
    expect(made.status()).toBe(200);
    await page.request.post(`/api/v1/teams/${team}/members`, {
      data: { handle: other, role: 'member' },
    });
    for (const [name, scope] of [
      ['dashboard refresh', 'read'],
      ['ci loader', 'read_write'],
    ] as const)
      await page.request.post('/api/v1/keys', { data: { name, scope } });

    await page.goto(`/settings/teams?team=${team}`);
    await expect(
      page.getByRole('table', { name: `Members of ${team}` }).getByTestId('member-row'),
    ).toHaveCount(2);
    await page.screenshot({ path: `${SCREENSHOTS}/settings-teams-${scheme}.png` });

    await page.getByRole('tab', { name: 'API keys' }).click();
    await expect(
      page.getByRole('table', { name: `API keys of ${me}` }).getByTestId('api-key-row'),
    ).toHaveCount(2);
    await page.screenshot({ path: `${SCREENSHOTS}/settings-api-keys-${scheme}.png` });

    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('new-api-key')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/settings-api-key-created-${scheme}.png` });
  });
}
