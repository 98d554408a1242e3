import { describe, expect, it } from 'vitest';
import { AlwaysLeader } from './leader.js';

describe('AlwaysLeader (embedded mode)', () => {
  it('leads from start to stop and tells its listeners', async () => {
    const leader = new AlwaysLeader();
    const seen: boolean[] = [];
    leader.onChange((l) => seen.push(l));
    expect(leader.isLeader).toBe(false);
    await leader.start();
    expect(leader.isLeader).toBe(true);
    await leader.stop();
    expect(seen).toEqual([true, false]);
  });
});
