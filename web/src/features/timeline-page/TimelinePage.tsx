import { ComingSoonPage } from '../../components/ComingSoon';

// Placeholder until this slice lands.
export function TimelinePage() {
  return <ComingSoonPage title="Timeline" />;
}
