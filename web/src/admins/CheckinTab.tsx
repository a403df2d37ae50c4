import { CheckinPanel } from '../checkin/CheckinPanel.js';

/** The dashboard's Check-in tab: the same door as /checkin, with filter, search and list/grid view. */
export default function CheckinTab() {
  return <CheckinPanel variant="tab" />;
}
