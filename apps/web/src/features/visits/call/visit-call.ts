import type { SignalRequest } from '@tend/shared';
import { isNewPeerSession, sameSdpOrigin } from './sdp-origin';

/**
 * waiting: nothing heard from the other side yet · connecting: they are there, media not yet flowing
 * · connected · reconnecting: the connection dropped, an ICE restart is under way · left: they hung
 * up (they may come back) · ended: I hung up.
 */
export type CallPhase = 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'left' | 'ended';

export type IncomingSignal = Pick<SignalRequest, 'type'> & { payload: unknown };

export interface VisitCallOptions {
  /** The polite peer gives way when both offer at once; the other side must be impolite. */
  polite: boolean;
  iceServers: RTCIceServer[];
  localStream: MediaStream;
  send(signal: SignalRequest): Promise<void>;
  onPhase(phase: CallPhase): void;
  onRemoteStream(stream: MediaStream | null): void;
  /** A signal could not be sent (the room closed, the network is down). */
  onSendFailed(error: unknown): void;
}

// An offer nobody answered is sent again: the other side may not have joined yet, or its event
// stream was still opening when the first copy was relayed. The pause doubles up to the maximum.
const RESEND_FIRST_MS = 2000;
const RESEND_MAX_MS = 10_000;

/**
 * One side of a video visit: an RTCPeerConnection negotiated with the "perfect negotiation"
 * pattern (https://w3c.github.io/webrtc-pc/#perfect-negotiation-example), so either side may join
 * first, leave and come back, or restart ICE, and offers crossing in flight settle by politeness.
 * Signals go through Tend's relay, which delivers only while both are listening; what may have
 * been missed is recovered by offering again (the offer carries every candidate gathered so far)
 * and by answering a repeated offer with the answer already made.
 */
export class VisitCall {
  private pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private phase: CallPhase = 'waiting';
  private incoming: Promise<void> = Promise.resolve();
  private outgoing: Promise<void> = Promise.resolve();
  private resendTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly options: VisitCallOptions;

  constructor(options: VisitCallOptions) {
    this.options = options;
    this.pc = this.createPeer();
  }

  /** Handles signals one at a time, in the order the relay delivered them. */
  receive(signal: IncomingSignal): void {
    this.incoming = this.incoming
      .then(() => this.handle(signal))
      .catch(() => {
        // A description the browser refused (a stale copy, a renegotiation it cannot take):
        // start afresh, and the other side's next offer or our own settles the call.
        if (!this.closed) this.restart();
      });
  }

  /** Sends a new camera or microphone without renegotiating. */
  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack): Promise<void> {
    const sender = this.pc.getSenders().find((s) => s.track?.kind === kind);
    await sender?.replaceTrack(track);
  }

  hangUp(): void {
    if (this.closed) return;
    this.send({ type: 'bye', payload: null });
    this.close();
    this.setPhase('ended');
  }

  /** Stops without a goodbye (the page is leaving and says it another way). */
  close(): void {
    this.closed = true;
    this.clearResend();
    this.pc.close();
  }

  private createPeer(): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    const { localStream } = this.options;
    for (const track of localStream.getTracks()) pc.addTrack(track, localStream);

    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        if (pc !== this.pc || !pc.localDescription) return;
        this.sendDescription(pc.localDescription);
        this.scheduleResend(RESEND_FIRST_MS);
      } catch {
        // The connection changed under us (closed, or an offer arrived); the next event retries.
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (pc !== this.pc || !candidate) return;
      this.send({
        type: 'candidate',
        payload: {
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
          usernameFragment: candidate.usernameFragment,
        },
      });
    };
    pc.ontrack = ({ track, streams }) => {
      if (pc !== this.pc) return;
      this.options.onRemoteStream(streams[0] ?? new MediaStream([track]));
    };
    pc.onconnectionstatechange = () => {
      if (pc !== this.pc) return;
      switch (pc.connectionState) {
        case 'connected':
          this.setPhase('connected');
          break;
        case 'disconnected':
          if (this.phase === 'connected') this.setPhase('reconnecting');
          break;
        case 'failed':
          // New ICE credentials and candidates: negotiationneeded sends the restarting offer.
          this.setPhase('reconnecting');
          pc.restartIce();
          break;
        default:
          break;
      }
    };
    return pc;
  }

  /** A fresh connection with the same camera and microphone; it offers as soon as it is made. */
  private restart(): void {
    this.clearResend();
    this.pc.close();
    this.options.onRemoteStream(null);
    this.pc = this.createPeer();
  }

  private async handle(signal: IncomingSignal): Promise<void> {
    if (this.closed) return;
    if (signal.type === 'bye') {
      this.restart();
      this.setPhase('left');
      return;
    }
    if (this.phase === 'waiting' || this.phase === 'left') this.setPhase('connecting');

    if (signal.type === 'candidate') {
      try {
        await this.pc.addIceCandidate(signal.payload as RTCIceCandidateInit);
      } catch (error) {
        // Candidates of an offer we ignored, or of a description we already replaced, are stale.
        if (!this.ignoreOffer && this.pc.remoteDescription) throw error;
      }
      return;
    }

    const { sdp } = signal.payload as { sdp: string };
    const description: RTCSessionDescriptionInit = { type: signal.type, sdp };
    // The other side reloaded the page: its new connection cannot renegotiate ours.
    if (signal.type === 'offer' && isNewPeerSession(this.pc.remoteDescription?.sdp, sdp)) {
      this.restart();
    }
    const pc = this.pc;
    const collision =
      signal.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) {
      // Ours wins; if they missed it (they were not there yet), they get it now.
      if (pc.localDescription?.type === 'offer') this.sendDescription(pc.localDescription);
      return;
    }
    if (signal.type === 'answer' && pc.signalingState !== 'have-local-offer') return;
    if (
      signal.type === 'offer' &&
      pc.signalingState === 'stable' &&
      pc.localDescription?.type === 'answer' &&
      sameSdpOrigin(pc.remoteDescription?.sdp, sdp)
    ) {
      // A copy of an offer already answered: our answer was lost on the way, send it again.
      this.sendDescription(pc.localDescription);
      return;
    }
    await pc.setRemoteDescription(description);
    if (signal.type === 'offer') {
      await pc.setLocalDescription();
      if (pc.localDescription) this.sendDescription(pc.localDescription);
    } else {
      this.clearResend();
    }
  }

  private sendDescription(description: RTCSessionDescription): void {
    if (description.type !== 'offer' && description.type !== 'answer') return;
    this.send({ type: description.type, payload: { sdp: description.sdp } });
  }

  private scheduleResend(delay: number): void {
    this.clearResend();
    this.resendTimer = setTimeout(() => {
      this.resendTimer = null;
      const { localDescription, signalingState } = this.pc;
      if (this.closed || signalingState !== 'have-local-offer' || !localDescription) return;
      this.sendDescription(localDescription);
      this.scheduleResend(Math.min(delay * 2, RESEND_MAX_MS));
    }, delay);
  }

  private clearResend(): void {
    if (this.resendTimer) clearTimeout(this.resendTimer);
    this.resendTimer = null;
  }

  /** Sends in order: an offer before its candidates, as the other side must apply them. */
  private send(signal: SignalRequest): void {
    this.outgoing = this.outgoing
      .then(() => this.options.send(signal))
      .catch((error: unknown) => this.options.onSendFailed(error));
  }

  private setPhase(phase: CallPhase): void {
    if (this.phase === phase) return;
    this.phase = phase;
    this.options.onPhase(phase);
  }
}
