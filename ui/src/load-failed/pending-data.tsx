// What a screen shows while its data has not arrived (useApiData): loading, or why it failed with a retry. A thing
// that is gone (404) has nothing to retry. Texts are the kit's (`loadFailed.*`) unless the app words them its way.
import { Button } from '../button/button.tsx';
import { failureCode, type ApiFailure } from '../form/api-result.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import { LoadingIndicator } from '../loading/loading-indicator.tsx';
import { MessageCard } from '../message-card/message-card.tsx';

export function PendingData({ failure, onRetry }: { failure: ApiFailure | null; onRetry: () => void }) {
  const text = useUiText();
  if (!failure) return <LoadingIndicator />;
  const code = failureCode(failure);
  const key = code === 'network' ? 'network' : code === 'not_found' ? 'notFound' : 'generic';
  return (
    <MessageCard
      role="alert"
      headingLevel={2}
      title={text('loadFailed.title')}
      actions={
        key === 'notFound' ? undefined : (
          <Button variant="primary" onClick={onRetry}>
            {text('loadFailed.retry')}
          </Button>
        )
      }
    >
      <p>{text(`loadFailed.${key}`)}</p>
    </MessageCard>
  );
}
