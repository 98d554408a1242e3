import { describe, expect, it } from 'vitest';
import { oneInItsOwnTask } from './one-per-task';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one piece of work per task', () => {
  it('runs queued work in order, one piece per task, and skips what was taken out', async () => {
    const ran: string[] = [];
    oneInItsOwnTask(() => ran.push('a'));
    const cancel = oneInItsOwnTask(() => ran.push('b'));
    oneInItsOwnTask(() => ran.push('c'));
    cancel();
    expect(ran).toEqual([]);
    await nextTask();
    expect(ran).toEqual(['a']);
    await nextTask();
    expect(ran).toEqual(['a', 'c']);
  });
});
