import type { LiveClassRow } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { RowAction } from '../../crud/row-actions';
import { useLiveActions } from './live-actions';
import { LIVE_KEY } from './live-api';
import { LiveDetailDrawer } from './live-detail';
import { type LiveEditing, LiveEditor } from './live-editor';
import { ReportDrawer } from './report/report-drawer';

// What the screen's tabs share: the actions of a live class, the editor, the report and a class in
// full. They live above the tabs, so a drawer stays open when the person moves between them.
export interface LiveScreen {
  actions: RowAction<LiveClassRow>[];
  canManage: boolean;
  openDetail: (row: LiveClassRow) => void;
  startEditing: (editing: LiveEditing) => void;
}

export function useLiveScreen(): { screen: LiveScreen; overlays: ReactNode } {
  const client = useQueryClient();
  const [editing, setEditing] = useState<LiveEditing | null>(null);
  const [reportOf, setReportOf] = useState<LiveClassRow | null>(null);
  const [detail, setDetail] = useState<LiveClassRow | null>(null);
  const { actions, editAction, canManage, dialogs } = useLiveActions({
    onEdit: (row, refusal) => setEditing({ kind: 'edit', row, refusal }),
    onReport: setReportOf,
  });
  const screen: LiveScreen = { actions, canManage, openDetail: setDetail, startEditing: setEditing };
  const overlays = (
    <>
      <LiveEditor
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void client.invalidateQueries({ queryKey: [LIVE_KEY] });
        }}
      />
      <LiveDetailDrawer row={detail} actions={[...actions, editAction]} onClose={() => setDetail(null)} />
      <ReportDrawer row={reportOf} onClose={() => setReportOf(null)} />
      {dialogs}
    </>
  );
  return { screen, overlays };
}
