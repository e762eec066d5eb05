import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk by default; object storage later behind the same interface. */
export interface Storage {
  /** Stores the bytes under the key and returns the public URL path. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Removes what a URL returned by put points at; unknown URLs are ignored. */
  remove(url: string): Promise<void>;
}

export const MEDIA_PREFIX = '/media/';

export class LocalStorage implements Storage {
  constructor(readonly root: string) {
    fsSync.mkdirSync(root, { recursive: true });
  }

  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(`${path.resolve(this.root)}${path.sep}`)) throw new Error(`invalid storage key ${key}`);
    return file;
  }

  async put(key: string, bytes: Buffer): Promise<string> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    return `${MEDIA_PREFIX}${key}`;
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(MEDIA_PREFIX)) return;
    await fs.rm(this.resolve(url.slice(MEDIA_PREFIX.length)), { force: true });
  }
}
