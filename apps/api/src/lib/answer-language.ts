import type { FastifyRequest } from 'fastify';
import { acceptedLanguage, type Language } from '@tend/shared';
import { translateMessage } from '@tend/shared/messages-es';

/** The language an answer to `request` is written in: its Accept-Language, English by default. */
export function answerLanguage(request: FastifyRequest): Language {
  return acceptedLanguage(request.headers['accept-language']);
}

/** An English message of the API in the language of the answer to `request`. */
export function inAnswerLanguage(request: FastifyRequest, english: string): string {
  return translateMessage(english, answerLanguage(request));
}

/** A successful answer whose `message` is for a person: that message in the answer's language. */
export function withAnswerMessage<T extends { message: string }>(
  request: FastifyRequest,
  answer: T,
): T {
  return { ...answer, message: inAnswerLanguage(request, answer.message) };
}
