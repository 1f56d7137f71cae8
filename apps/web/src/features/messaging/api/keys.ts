/** Cache keys of messaging; everything under `all`, so one live event can refresh it all. */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: ['messaging', 'conversations'] as const,
  unread: ['messaging', 'unread'] as const,
  conversation: (id: string) => ['messaging', 'conversation', id] as const,
  messages: (id: string) => ['messaging', 'messages', id] as const,
  contacts: ['messaging', 'contacts'] as const,
};
