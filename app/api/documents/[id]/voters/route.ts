import { withUser } from '@/lib/api/with-user';
import { jsonNoStore } from '@/lib/api/request';
import { searchTaskVoters, voterSearchQuery } from '@/lib/documents/voter-search';

/** GET /api/documents/{id}/voters?q=&limit=: the task's voters found by name, EPIC, house number or serial. */
export const GET = withUser('task id', async (req, { ctx, user, id }) => {
  const query = voterSearchQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return jsonNoStore(await searchTaskVoters(ctx, user.id, id, query));
});
