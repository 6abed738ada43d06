export { PhotoPicker, type PhotoPickerProps } from './photo-picker';
