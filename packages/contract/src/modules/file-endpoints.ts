import { z } from 'zod';
import { endpoint } from '../endpoint';
import { codedIssue } from '../errors';
import { zDecimalId, zIdParam } from '../fields';
import { fileEndpoint } from '../file-endpoint';
import { FilePurpose, zUploadedFile } from './file';

// The upload's body is the file itself (not JSON), so the web sends it with uploadRaw to this
// endpoint's path; the downloads answer a file and stay hand routes.
export const fileEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/file/upload',
    summary: 'Upload a file (the body is the file itself; its name in the x-file-name header, URI-encoded)',
    description:
      'purpose: avatar and image ≤ 5 MB, logo ≤ 2 MB (PNG, JPEG, GIF, WebP); document ≤ 50 MB (PDF, Office, text, zip, ' +
      'images); resource ≤ 500 MB (also audio and video). The type is read from the file’s bytes, not taken from the ' +
      'browser. Avatars: anyone logged in; logos: whoever may save the system settings; the rest: staff. ' +
      'Snapshots (≤ 2 MB images): a student during an open attempt of theirs, named by attemptId; the picture ' +
      'belongs to that attempt.',
    tags: ['file'],
    access: 'login',
    mutates: true,
    query: z
      .object({
        purpose: z.enum(FilePurpose),
        // The attempt a snapshot is taken for (purpose `snapshot` only).
        attemptId: zDecimalId().optional(),
      })
      .superRefine((q, ctx) => {
        if (q.purpose === 'snapshot' && q.attemptId === undefined)
          ctx.addIssue({ code: 'custom', path: ['attemptId'], ...codedIssue('required') });
      }),
    response: zUploadedFile,
  }),
};

// Stored files read back.
export const fileDownloadEndpoints = {
  download: fileEndpoint({
    method: 'GET',
    path: '/api/file/:id',
    summary: 'Download a file of the caller’s organisation',
    description:
      'Readable by whoever may read a record that uses the file (a document for its audience, an avatar by its ' +
      'owner and staff, a question image by those who may read the question), by its uploader, and by staff while ' +
      'nothing uses it yet. Anything else is reported as not found.',
    tags: ['file'],
    access: 'login',
    params: zIdParam,
  }),
  publicDownload: fileEndpoint({
    method: 'GET',
    path: '/api/file/public/:id',
    summary: 'Download an organisation logo (public: login pages show it)',
    tags: ['file'],
    access: 'public',
    params: zIdParam,
  }),
};
