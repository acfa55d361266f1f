import { describe, expect, it } from 'vitest';
import { keysIn, peopleIn, secretKeysIn, type Person } from './leaks';

/** The access matrix's body checks must see a leak, or its green rows prove nothing. */

describe('secretKeysIn', () => {
  it('finds a password hash, a token version and a badge key at any depth, in arrays too', () => {
    const body = {
      data: [
        { id: 1, user: { id: 2, name: 'A', passwordHash: '$argon2id$...' } },
        { id: 3, user: { id: 4, token_version: 0, registrations: [{ id: 5, BadgeKey: 'uuid' }] } },
      ],
      meta: { tokenHash: 'abc' },
    };
    expect(secretKeysIn(body)).toEqual([
      'data[0].user.passwordHash',
      'data[1].user.token_version',
      'data[1].user.registrations[0].BadgeKey',
      'meta.tokenHash',
    ]);
  });

  it('finds a key even when its value is empty or null', () => {
    expect(secretKeysIn({ user: { password: '', secret: null } })).toEqual(['user.password', 'user.secret']);
  });

  it('passes a body with none of them, whose values may say the words', () => {
    const body = { data: { id: 1, name: 'passwordHash', jwt: 'x', token: 'kiosk', hasPassword: true } };
    expect(secretKeysIn(body)).toEqual([]);
    expect(secretKeysIn(null)).toEqual([]);
    expect(secretKeysIn('passwordHash')).toEqual([]);
  });
});

describe('keysIn', () => {
  it('finds the contact keys of a public answer, in any writing', () => {
    const body = { data: [{ company: 'A', user: { Email: 'x', phone_number: 1, telephone: '0600' } }] };
    expect(keysIn(body, ['email', 'telephone'])).toEqual(['data[0].user.Email', 'data[0].user.telephone']);
  });
});

describe('peopleIn', () => {
  const people: Person[] = [
    { label: 'exhibitor B', email: 'exposant.b@example.com', phone: '+212 6 12 34 56 78' },
    { label: 'a visitor', email: 'visiteur@example.com', phone: '+212 700000001' },
    { label: 'no phone', email: 'sans-telephone@example.com', phone: null },
  ];

  it('finds another person’s e-mail in any case, inside a serialized body', () => {
    const body = JSON.stringify({ data: [{ id: 9, user: { email: 'Exposant.B@Example.com' } }] });
    expect(peopleIn(body, people)).toEqual(['exhibitor B']);
  });

  it('finds a phone number whatever its writing: as stored, digits only, national form', () => {
    expect(peopleIn('{"phone":"+212 6 12 34 56 78"}', people)).toEqual(['exhibitor B']);
    expect(peopleIn('{"phone":"212612345678"}', people)).toEqual(['exhibitor B']);
    expect(peopleIn('{"tel":"06-12-34-56-78"}', people)).toEqual(['exhibitor B']);
    expect(peopleIn('{"phone":"0700000001"}', people)).toEqual(['a visitor']);
  });

  it('does not take ids, dates or counts for a phone number', () => {
    const body = JSON.stringify({
      data: [{ id: 612345678 }, { id: 700000001, createdAt: '2024-05-30T09:12:34.567Z', total: 12345678 }],
    });
    expect(peopleIn(body, people)).toEqual([]);
  });

  it('passes a body naming nobody of the list', () => {
    expect(
      peopleIn(JSON.stringify({ data: { email: 'moi@example.com', phone: '+212 6 99 99 99 99' } }), people),
    ).toEqual([]);
  });
});
