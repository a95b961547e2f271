/** The words of the lists' Load more, beside it so they load with it. */
import { defineMessages } from '../i18n/defineMessages'

export const loadMoreText = defineMessages('loadMore', {
  loadMore: 'Load more',
  loadingMore: 'Loading…',
})
