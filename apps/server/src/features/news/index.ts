/** News and announcements: the public reads, and the back office's content desk. */
export { NewsDesk } from './news-desk.js';
