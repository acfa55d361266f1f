import { describe, expect, it } from 'vitest';
import { lookupErrorKey } from '../app/features/kiosk/api';
import { ApiError } from '../app/lib/api-client';

const refused = (status: number, reason?: string) =>
  new ApiError(status, 'refused', { error: { status, details: reason ? { reason } : {} } });

describe('what the kiosk says of a refused lookup', () => {
  it('names another edition’s badge and a closed registration apart from a badge not found', () => {
    expect(lookupErrorKey(refused(404, 'otherEdition'))).toBe('kiosk.start.otherEdition');
    expect(lookupErrorKey(refused(400, 'registrationClosed'))).toBe('kiosk.start.closed');
    expect(lookupErrorKey(refused(400, 'registrationNotOpen'))).toBe('kiosk.start.closed');
    expect(lookupErrorKey(refused(404))).toBe('kiosk.start.notFound');
    expect(lookupErrorKey(refused(429, 'seeStaff'))).toBe('kiosk.start.seeStaff');
  });
});
