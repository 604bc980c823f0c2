/* eslint-disable no-var -- an ambient global must be declared with var */
// The web-platform text codecs core and sim rely on, which ECMAScript itself lacks. They
// exist in every browser, in workers and in Node 20, so they are declared here (the subset we
// call) for the DOM-free type-check of tsconfig.core.json only.
interface TextEncoder {
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
declare var TextEncoder: { new (): TextEncoder };
interface TextDecoder {
  decode(input?: Uint8Array): string;
}
declare var TextDecoder: { new (label?: string, options?: { fatal?: boolean }): TextDecoder };
