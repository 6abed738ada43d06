export { ImagePicker, isCoarsePointer, type ImagePickerProps } from './image-picker';
export {
  prepareImage,
  detectImageFormat,
  canvasJpegEncoder,
  ImageError,
  reencodeThresholdBytes,
  maxUploadBytes,
  type ImageFormat,
  type ImageErrorReason,
  type JpegEncoder,
  type PrepareImageOptions,
  type PreparedImage,
} from './prepare-image';
