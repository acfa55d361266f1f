import PublishIcon from '@mui/icons-material/Publish';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { TopToolbar, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  EXHIBITOR_PAGE_HOLD_REASON_MAX,
  postExhibitorPageHold,
  postExhibitorPagePublish,
  type Answer,
  type adminExhibitorPageSchema,
} from '@salon/shared';
import { ConfirmButton } from '../../components/confirm-button';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall } from '../../http';

type Page = Answer<typeof adminExhibitorPageSchema>;

/** 'Publier': the pending version goes live. */
function PublishButton({ page }: { page: Page }) {
  const { busy, call } = useAdminCall();
  const notify = useNotify();
  const refresh = useRefresh();
  const run = (close: () => void) =>
    call(async () => {
      await adminCall(postExhibitorPagePublish, { params: { id: String(page.id) } });
      notify('admin.exhibitorPages.done.publish', { type: 'success' });
      refresh();
    }, close);
  return (
    <ConfirmButton
      label="admin.exhibitorPages.actions.publish"
      icon={<PublishIcon />}
      loading={busy}
      content="admin.exhibitorPages.confirm.publish"
      translateOptions={{ company: page.company }}
      onConfirm={(close) => void run(close)}
    />
  );
}

/** 'Refuser': the pending version is held with a reason the exhibitor reads. */
function HoldButton({ page }: { page: Page }) {
  const { busy, call } = useAdminCall();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [reason, setReason] = useState(page.reason ?? '');
  const run = (close: () => void) => {
    if (!reason.trim()) {
      notify('admin.exhibitorPages.reasonRequired', { type: 'error' });
      return;
    }
    void call(async () => {
      await adminCall(postExhibitorPageHold, { params: { id: String(page.id) }, body: { reason } });
      notify('admin.exhibitorPages.done.hold', { type: 'success' });
      refresh();
    }, close);
  };
  return (
    <ConfirmButton
      label="admin.exhibitorPages.actions.hold"
      icon={<ThumbDownIcon />}
      color="error"
      loading={busy}
      translateOptions={{ company: page.company }}
      content={
        <TextField
          label={translate('admin.exhibitorPages.reason')}
          helperText={translate('admin.exhibitorPages.reasonHint')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: EXHIBITOR_PAGE_HOLD_REASON_MAX } }}
          multiline
          minRows={3}
          fullWidth
          required
          autoFocus
          sx={{ mt: 1 }}
        />
      }
      onConfirm={run}
    />
  );
}

/** 'Publier' and 'Refuser', while a change waits for review. */
export function ExhibitorPageActions() {
  const page = useRecordContext<Page>();
  if (!page?.pending) return <TopToolbar />;
  return (
    <TopToolbar>
      <PublishButton page={page} />
      <HoldButton page={page} />
    </TopToolbar>
  );
}
