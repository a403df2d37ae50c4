/** Where uploaded and seeded images live; `publicUrl` is what pages put in src. */
export interface FileStore {
  put(path: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Local adapter only: the bytes behind a public URL it handed out. */
  read?(path: string): Promise<{ bytes: Buffer; contentType: string } | null>;
}
