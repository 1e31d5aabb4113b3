// The uploads feature's public surface: the field a form uses to upload a file.
export { UploadField, acceptOf } from './components/upload-field';
export { useUpload, type UploadState } from './api/use-upload';
export { FileCard, FileIcon, fileSize } from './components/file-card';
