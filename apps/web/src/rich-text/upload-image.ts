import { endpointPath, type UploadedFile } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { unwrap } from '../shell/request';
import { uploadRaw } from '../shell/transfer';

// Uploads an image for rich text and returns the address the HTML points to.
export async function uploadImage(file: File): Promise<string> {
  const res = await unwrap(
    uploadRaw<UploadedFile>(`${api.file.upload.path}?purpose=image`, file, {
      contentType: file.type || 'application/octet-stream',
      headers: { 'x-file-name': encodeURIComponent(file.name) },
    }),
  );
  return endpointPath(api.file.download.path, { id: res.id });
}
