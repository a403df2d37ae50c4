export { EVENT_CANCEL_MESSAGES } from '../../src/shared/event-cancel-model.js';
import { NOTICE_MONEY } from '../../src/shared/email-templates-model.js';
export const NOTICE_MONEY_FOR_TESTS = NOTICE_MONEY;
