export { ContentList, detailPath, useContentList } from './content-list';
export { ContentBody } from './content-body';
