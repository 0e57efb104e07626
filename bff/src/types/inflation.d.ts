// inflation ships no types: it returns the stream itself for `identity`, or a zlib stream that undoes the
// Content-Encoding, and throws (status 415) for an encoding it does not know.
declare module 'inflation' {
  import type { Readable } from 'node:stream';
  export default function inflate(stream: Readable, options?: { encoding?: string; brotli?: object }): Readable;
}
