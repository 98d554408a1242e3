import { z } from 'zod';

/** A call that takes no parameters: anything sent (the spec's `t`, say) is dropped. */
export const NoInput = z.object({});
export type NoInput = z.input<typeof NoInput>;

/** A call whose success carries no data (`data: null`). */
export const NoData = z.null();
export type NoData = z.output<typeof NoData>;
