export { PhotoPicker, isCoarsePointer, type PhotoPickerProps } from './photo-picker';
