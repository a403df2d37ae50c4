import type { IncomingMessage, RequestListener } from 'node:http';

/**
 * What Cloud Functions does before our code runs: it reads the whole body,
 * keeps the bytes in `rawBody` and hands over a request whose stream is spent.
 */
export function asCloudFunction(listener: RequestListener): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      (req as IncomingMessage & { rawBody?: Buffer }).rawBody = Buffer.concat(chunks);
      listener(req, res);
    });
  };
}
