import { VideoCameraOutlined } from '@ant-design/icons';
import type { MyLiveClass, StudentPortal as Portal } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LiveClassLine } from '../../ui/live-class-line';
import { fetchMyLive, MY_LIVE_KEY, useLiveJoin } from '../../ui/live-join';
import { portalTexts } from './portal-texts';
import { PortalCard } from './student-portal';

// How many past live classes with recordings the card adds below the coming ones.
const PAST_WITH_RECORDINGS = 3;

// The live classes to join (open now or starting soon, from the portal), then the latest past ones
// that have a recording to watch. The countdown of one that opens reads the portal again.
export default function LiveCard({
  portal,
  state,
}: {
  portal: Portal | undefined;
  state: { loading: boolean; failed: boolean };
}) {
  const { t } = portalTexts.useTexts();
  const client = useQueryClient();
  const { join, joining, dialog } = useLiveJoin();
  const past = useQuery({
    queryKey: [...MY_LIVE_KEY, 'past'],
    queryFn: ({ signal }) => fetchMyLive({ when: 'past', limit: 10 }, { signal }),
    staleTime: 60_000,
  });
  const coming = portal?.live ?? [];
  const seen = new Set(coming.map((l) => l.id));
  const watched = (past.data ?? []).filter((l) => l.recordings.length > 0 && !seen.has(l.id));
  const items: MyLiveClass[] | undefined = portal && [...coming, ...watched.slice(0, PAST_WITH_RECORDINGS)];
  const reread = () => void client.invalidateQueries({ queryKey: ['studentPortal'] });
  return (
    <>
      <PortalCard
        id="live"
        icon={<VideoCameraOutlined />}
        title={t('portal.live')}
        items={items}
        empty={t('portal.liveEmpty')}
        page={null}
        {...state}
        render={(item) => (
          <LiveClassLine key={item.id} item={item} onJoin={join} joining={joining} onOpened={reread} showCourse />
        )}
      />
      {dialog}
    </>
  );
}
