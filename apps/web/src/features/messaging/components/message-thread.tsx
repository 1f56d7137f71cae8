import { Button, Center, Loader, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { QueryError } from '../../../components/query-error';
import { useMarkRead } from '../api/mark-read';
import { useMessages } from '../api/list-messages';
import { useMessagingT } from '../i18n';
import { MessageBubble } from './message-bubble';
import classes from './message-thread.module.css';
import { PlainList } from '../../../components/plain-list';

type Props = { conversationId: string; myId: string; otherName: string };

/**
 * The conversation's history, oldest at the top, in a log region that announces new messages. Older
 * pages load when the top comes into view or with "Load older messages"; opening the thread marks the
 * other person's messages read.
 */
export function MessageThread({ conversationId, myId, otherName }: Props) {
  const { t } = useMessagingT();
  const query = useMessages(conversationId);
  const markRead = useMarkRead(conversationId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);

  const messages = useMemo(
    () => (query.data?.pages.flatMap((page) => page.messages) ?? []).toReversed(),
    [query.data],
  );
  const newestId = messages.at(-1)?._id;
  const oldestId = messages[0]?._id;
  const lastReadMine = messages.findLast((m) => m.sender === myId && m.readat !== null)?._id;
  const hasUnreadFromOther = messages.some((m) => m.sender !== myId && m.readat === null);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadOlder = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    heightBeforeOlder.current = scrollRef.current?.scrollHeight ?? null;
    void fetchNextPage();
  };

  // A new message at the bottom: show it.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [newestId]);

  // Older messages above: keep what the reader was looking at where it was.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box || heightBeforeOlder.current === null) return;
    box.scrollTop += box.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [oldestId]);

  useEffect(() => {
    const top = topRef.current;
    if (!top || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadOlder();
    });
    observer.observe(top);
    return () => observer.disconnect();
  });

  const { mutate: markReadNow, isPending: marking } = markRead;
  useEffect(() => {
    if (hasUnreadFromOther && !marking) markReadNow();
  }, [hasUnreadFromOther, marking, markReadNow, newestId]);

  if (query.isPending) return <Loader aria-label={t('thread.loading')} />;
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <QueryError
        title={t('thread.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      role="log"
      aria-live="polite"
      aria-label={t('thread.label', { name: otherName })}
      tabIndex={0}
    >
      <div ref={topRef} />
      {hasNextPage && (
        <Center mb="sm">
          <Button variant="default" size="xs" loading={isFetchingNextPage} onClick={loadOlder}>
            {t('thread.loadOlder')}
          </Button>
        </Center>
      )}
      {query.isFetchNextPageError && (
        <Text c="red.8" size="sm" ta="center" mb="sm">
          {t('thread.olderFailed', { message: query.error?.message ?? '' })}
        </Text>
      )}
      {messages.length === 0 ? (
        <Text c="gray.7" ta="center" py="xl">
          {t('thread.none')}
        </Text>
      ) : (
        <PlainList gap="sm">
          {messages.map((m) => (
            <MessageBubble
              key={m._id}
              message={m}
              mine={m.sender === myId}
              otherName={otherName}
              showRead={m._id === lastReadMine}
            />
          ))}
        </PlainList>
      )}
    </div>
  );
}
