// @vitest-environment happy-dom
// (antd-mobile, imported by the component module, only loads in a DOM environment)
import { describe, expect, it } from 'vitest';
import { accountLabel } from './AccountCard';
import { inviteUrl } from './InviteScreen';

const base = { id: 1, uid: '10000001', is_demo: 0 };

describe('account card label', () => {
  it('is the e-mail, else the phone number with its calling code', () => {
    expect(accountLabel({ ...base, email: 'ann@example.test', mobile: '', global_code: '' })).toBe(
      'ann@example.test',
    );
    expect(accountLabel({ ...base, email: '', mobile: '7700900123', global_code: '44' })).toBe(
      '+44 7700900123',
    );
    expect(accountLabel({ ...base, email: '', mobile: '', global_code: '' })).toBe('');
  });
});

describe('invite link', () => {
  it("puts the server's path on this site's origin, and leaves a full address alone", () => {
    expect(inviteUrl('/#/register?invite_code=ANN7', 'https://app.example')).toBe(
      'https://app.example/#/register?invite_code=ANN7',
    );
    expect(inviteUrl('https://other.example/r?c=1', 'https://app.example')).toBe(
      'https://other.example/r?c=1',
    );
  });
});
