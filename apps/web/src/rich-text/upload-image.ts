import { unwrap } from '../shell/request';
import { uploadRaw } from '../shell/transfer';

// Uploads an image for rich text and returns the address the HTML points to.
export async function uploadImage(file: File): Promise<string> {
  const res = await unwrap(
    uploadRaw<{ id: number; url: string }>('/api/file/upload?purpose=image', file, {
      contentType: file.type || 'application/octet-stream',
      headers: { 'x-file-name': encodeURIComponent(file.name) },
    }),
  );
  return `/api/file/${res.id}`;
}
