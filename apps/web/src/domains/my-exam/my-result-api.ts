import type { zQueryRequest } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../shell/request';

export const MY_RESULT_KEY = 'myResult';

export function useMyResult(examId: number | null) {
  return useQuery({
    queryKey: [MY_RESULT_KEY, examId],
    queryFn: ({ signal }) => call(api.examScore.myResult, { body: { examId: examId as number } }, { signal, retry: 2 }),
    enabled: examId !== null,
  });
}

export const sendQuery = (body: z.input<typeof zQueryRequest>) =>
  call(api.examScore.myQuery, { body }, { loading: true });
