import { NEWS_CATEGORY_ANNOUNCEMENT } from '@meridian/contract';
import { NewsList } from './NewsList';
import './news.css';

/** /mine/announcement: the platform's announcements only; rows open the same detail page as /news. */
export function AnnouncementScreen() {
  return (
    <div className="news-page" data-testid="page-announcements">
      <NewsList category={NEWS_CATEGORY_ANNOUNCEMENT} />
    </div>
  );
}
