import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded bytes live. The embedded mode keeps them on disk under DATA_DIR/uploads; a
 * deployment with several nodes plugs in an object store (S3, GCS…) with the same three calls.
 * Keys are opaque to the storage; callers make them unguessable.
 */
export interface ObjectStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** undefined when there is no object under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{16,64}$/;

function assertKey(key: string): void {
  // The key becomes a path: anything but the base64url alphabet could climb out of the folder.
  if (!SAFE_KEY.test(key)) throw new RangeError(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** Files under `root`, fanned out by the first two characters so no folder grows huge. */
export class DiskStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    return join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file and a crash leaves no torso.
    const temp = `${path}.${process.pid}.tmp`;
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, path);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
