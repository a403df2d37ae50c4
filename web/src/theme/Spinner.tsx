// Moved to the UI kit. Kept only until payments/ and rsvps/ import '../ui/Spinner.js'; then delete.
export { Spinner } from '../ui/Spinner.js';
