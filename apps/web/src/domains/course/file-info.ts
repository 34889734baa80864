import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { baseHeaders } from '../../shell/request';

// Where stored files are read (/api/file/{id}).
const FILES = api.file.download.path.replace(/:id$/, '');

// A stored file's type and name, asked of the file service without downloading it (a HEAD request):
// the lesson shows the name it was uploaded with, and a PDF shows in the page while an Office file is
// offered as a download.
export function useFileInfo(url: string) {
  return useQuery({
    queryKey: ['file', 'info', url],
    queryFn: async ({ signal }) => {
      const res = await fetch(url, { method: 'HEAD', credentials: 'include', headers: baseHeaders(), signal });
      if (!res.ok) return { type: '', name: null };
      const disposition = res.headers.get('content-disposition') ?? '';
      const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
      const plain = /filename="?([^";]+)"?/i.exec(disposition);
      const name = star ? decodeURIComponent(star[1]) : (plain?.[1] ?? null);
      return { type: res.headers.get('content-type') ?? '', name };
    },
    enabled: url.startsWith(FILES),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
