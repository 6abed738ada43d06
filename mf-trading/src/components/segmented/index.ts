export { Segmented, type SegmentedOption, type SegmentedProps } from './segmented';
