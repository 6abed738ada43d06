// Types for the parts of OpenJPEG's WebAssembly build (`@cornerstonejs/codec-openjpeg`, no types of its
// own) that the uploads use: its decoder, and its encoder for making test images.
declare module '@cornerstonejs/codec-openjpeg/decodewasmjs' {
  import type { OpenJpegFactory } from '@cornerstonejs/codec-openjpeg/wasmjs';
  const factory: OpenJpegFactory;
  export default factory;
}

declare module '@cornerstonejs/codec-openjpeg/wasmjs' {
  export interface FrameInfo {
    width: number;
    height: number;
    bitsPerSample: number;
    componentCount: number;
    isSigned: boolean;
  }
  export interface J2KDecoder {
    getEncodedBuffer(length: number): Uint8Array;
    getDecodedBuffer(): Uint8Array;
    decode(): void;
    getFrameInfo(): FrameInfo;
    delete(): void;
  }
  export interface J2KEncoder {
    getDecodedBuffer(info: FrameInfo & { isUsingColorTransform?: boolean }): Uint8Array;
    getEncodedBuffer(): Uint8Array;
    setDecompositions(levels: number): void;
    encode(): void;
    delete(): void;
  }
  export interface OpenJpeg {
    J2KDecoder: new () => J2KDecoder;
    J2KEncoder: new () => J2KEncoder;
  }
  export type OpenJpegFactory = (options?: {
    print?: (line: string) => void;
    printErr?: (line: string) => void;
  }) => Promise<OpenJpeg>;
  const factory: OpenJpegFactory;
  export default factory;
}
