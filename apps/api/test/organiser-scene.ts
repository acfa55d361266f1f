import { afterAll, beforeAll } from 'vitest';
import { createOrganiser, sessionOf, type User, type UserOverrides } from './fixtures';
import { createTestApp, type TestContext } from './helper';

/**
 * The app and an organiser signed in, the scene the back-office's content and mail tests and the
 * uploads' tests start from. `useOrganiserScene()`, called at the top of a test file (through its
 * domain's scene), builds it before the file's tests and closes it after them; the names below
 * are the scene's while the file's tests run (each test file has its own copy of this module).
 */
export let ctx: TestContext;
export let organiser: User;
/** The organiser's session token. */
export let token: string;

export function useOrganiserScene(overrides: UserOverrides = {}) {
  beforeAll(async () => {
    ctx = await createTestApp();
    organiser = await createOrganiser(ctx.db, overrides);
    token = await sessionOf(ctx, organiser);
  });
  afterAll(() => ctx.close());
}
