export { SlugEditor, type SlugEditorProps } from './SlugEditor';
export { HtmlEditorPreview, type HtmlEditorPreviewProps } from './HtmlEditorPreview';
export { DeviceFramePreview, type DeviceFramePreviewProps, type PreviewSource } from './DeviceFramePreview';
export {
  canSaveHtml,
  canSaveSlug,
  canVerifySlug,
  hasWebsitePreview,
  isSlugChanged,
  slugCheckState,
  type PreviewDevice,
  type SlugCheckState,
  type SlugCheckStatus,
} from './rules';
export { LibraryImagePicker, type LibraryImagePickerProps } from './LibraryImagePicker';
