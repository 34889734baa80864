import type { RequestContext } from '../../platform/context';

// PLACEHOLDER INTERFACE (issue 30, being built): the progress helper replaces the body.

// A video's duration in seconds, read from the uploaded file (/api/file/{id}) the link names; null
// when the link is not one of ours or the file's duration cannot be read.
export async function durationOf(_ctx: RequestContext, _fileUrl: string): Promise<number | null> {
  throw new Error('durationOf: not built yet');
}
