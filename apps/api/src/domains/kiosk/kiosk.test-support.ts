import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { KIOSK_TOKEN_HEADER, type RegistrationType } from '@salon/shared';
import {
  PASSWORD,
  badgeOf as signedBadge,
  createCast,
  type Cast,
  type Collaborator,
  type Exhibitor,
  type User,
  type Visitor,
} from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/**
 * The set-up the kiosk tests (kiosk, kiosk-lookup, kiosk-lockout) share: the app at 08:45 on the
 * show's second day, one person of each kind with a token, and the helpers that enable a kiosk
 * and look a badge up on it.
 *
 * `useKioskScene()`, called at the top of a test file, builds the scene before its tests and
 * closes it after them; the names below are the scene's while the file's tests run.
 */

export const NOW = '2024-05-30T08:45:00+01:00';
export const NO_BADGE = 'Aucun badge ne correspond à ces informations.';

export interface EnabledKiosk {
  token: string;
  id: number;
  name: string;
  expiresAt: string;
}

export interface KioskScene extends Cast {
  ctx: TestContext;
}

/** Builds the app at NOW and the cast; the visitor has the e-mail and phone the lookups use. */
export async function kioskScene(): Promise<KioskScene> {
  const ctx = await createTestApp({ APP_NOW: NOW, LOGIN_RATE_LIMIT: '1000' });
  const cast = await createCast(ctx, {
    controller: { name: 'Nadia Contrôle' },
    organiser: { name: 'Organisation Salon' },
    exhibitor: { name: 'Youssef Exposant', company: 'Grues du Sud' },
    collaborator: { name: 'Karim Collaborateur' },
    visitor: {
      name: 'Salma Visiteuse',
      company: 'Béton Sud',
      jobPosition: 'Acheteuse',
      email: 'salma.kiosque@example.com',
      phone: '+212 6 61 23 45 67',
    },
  });
  return { ctx, ...cast };
}

export let ctx: TestContext;
export let controller: User;
export let organiser: User;
export let exhibitor: Exhibitor;
export let collaborator: Collaborator;
export let visitor: Visitor;
export let controllerToken: string;
export let organiserToken: string;
export let exhibitorToken: string;
export let visitorToken: string;

/** Builds the scene before the file's tests and closes it after them. */
export function useKioskScene() {
  beforeAll(async () => {
    const scene = await kioskScene();
    ({ ctx, controller, organiser, exhibitor, collaborator, visitor } = scene);
    ({
      controller: controllerToken,
      organiser: organiserToken,
      exhibitor: exhibitorToken,
      visitor: visitorToken,
    } = scene.tokens);
  });
  afterAll(() => ctx.close());
}

export const badgeOf = (registration: { id: number; type: RegistrationType }) => signedBadge(ctx, registration);

export const kioskHeader = (token: string) => ({ [KIOSK_TOKEN_HEADER]: token });

export function enable(email: string, password = PASSWORD, name = 'Borne entrée nord') {
  return call(ctx.app, 'POST', 'kiosk/sessions', { body: { email, password, name } });
}

/** A kiosk enabled by the controller, for one test. */
export async function newKiosk(name = 'Borne entrée nord'): Promise<EnabledKiosk> {
  const res = await enable(controller.email, PASSWORD, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: EnabledKiosk }>().data;
}

export function lookup(body: unknown, kiosk: EnabledKiosk | null, bearer?: string) {
  return call(ctx.app, 'POST', 'kiosk/lookup', {
    body,
    token: bearer,
    headers: kiosk ? kioskHeader(kiosk.token) : {},
  });
}

/** The kiosk's own session (GET kiosk/session), as the kiosk. */
export const sessionOf = (kiosk: EnabledKiosk) =>
  call(ctx.app, 'GET', 'kiosk/session', { headers: kioskHeader(kiosk.token) });

export const errorMessage = (res: LightMyRequestResponse) => res.json<{ error: { message: string } }>().error.message;
