import { Radio, Rating, Group, Stack, Text, Textarea } from '@mantine/core';
import { reviewRequestSchema } from '@tend/shared';
import { useState } from 'react';
import { useReviewAppointment } from '../api/review-appointment';
import { doctorName } from './appointment-format';
import { useChangeDialog, type AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { useAppointmentsT } from '../i18n';

/** One review of a completed visit: stars, recommend or not, and a comment. */
export function ReviewDialog(props: AppointmentDialogProps) {
  const [rating, setRating] = useState(0);
  const [recommend, setRecommend] = useState('');
  const [comment, setComment] = useState('');
  const { t } = useAppointmentsT();
  const { errors, setErrors, submit, dialog } = useChangeDialog(
    props,
    reviewRequestSchema,
    useReviewAppointment(),
  );
  const name = doctorName(props.appointment.doctor);

  const review = () =>
    submit(
      {
        rating: rating === 0 ? undefined : rating,
        recommend: recommend === '' ? undefined : recommend === 'yes',
        comment,
      },
      () => t('review.done', { name }),
    );

  return (
    <FormDialog
      opened
      title={t('review.title', { name })}
      submitLabel={t('review.submit')}
      onSubmit={review}
      {...dialog}
    >
      <Text>{t('review.intro')}</Text>
      <Stack gap={4} role="group" aria-labelledby="review-stars-label">
        <Text id="review-stars-label" size="sm" fw={500}>
          {t('review.stars')}
        </Text>
        <Rating
          value={rating}
          onChange={(value) => {
            setRating(value);
            setErrors((current) => ({ ...current, rating: undefined }));
          }}
          size="lg"
          getSymbolLabel={(value) => t('review.star', { count: value })}
          name="rating"
        />
        {errors.rating && (
          <Text size="sm" c="red.8">
            {errors.rating}
          </Text>
        )}
      </Stack>
      <Radio.Group
        label={t('review.recommend')}
        required
        value={recommend}
        onChange={(value) => {
          setRecommend(value);
          setErrors((current) => ({ ...current, recommend: undefined }));
        }}
        error={errors.recommend}
      >
        <Group gap="xl" mt={6}>
          <Radio value="yes" label={t('review.yes')} />
          <Radio value="no" label={t('review.no')} />
        </Group>
      </Radio.Group>
      <Textarea
        label={t('review.comment')}
        description={t('optional')}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        error={errors.comment}
      />
    </FormDialog>
  );
}
