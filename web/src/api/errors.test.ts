import { describe, expect, it } from 'vitest';
import { messages } from '../../../common/messages';
import { ApiError, serverMessageOf, toUserText, UploadError } from './errors';
import { httpUploadError } from './upload';

describe('serverMessageOf', () => {
  it("reads a JSON refusal's message and nothing else", () => {
    expect(serverMessageOf('{"message":"Memory title cannot be empty."}')).toBe('Memory title cannot be empty.');
    expect(serverMessageOf('{"message":""}')).toBeNull();
    expect(serverMessageOf('{"error":"Bad Request"}')).toBeNull();
    expect(serverMessageOf('<html>Bad gateway</html>')).toBeNull();
    expect(serverMessageOf('')).toBeNull();
  });
});

describe('toUserText', () => {
  it("gives a refused request's server message, else the generic message: never a proxy's page or a status line", () => {
    expect(toUserText(new ApiError(400, '{"message":"Please choose a video"}', '400: …'))).toBe('Please choose a video');
    const proxyPage = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
    expect(toUserText(new ApiError(502, proxyPage, `502: ${proxyPage}`))).toBe(messages.unexpected);
    expect(toUserText(new ApiError(502, 'Bad gateway', '502: Bad gateway'))).toBe(messages.unexpected);
    expect(toUserText(new ApiError(500, '', '500: Internal Server Error'))).toBe(messages.unexpected);
    expect(toUserText(new ApiError(500, '{"error":"Internal Server Error"}', '500: …'))).toBe(messages.unexpected);
  });

  it("gives a refusal with no message the caller's own fallback when it has one", () => {
    expect(toUserText(new ApiError(504, '<html>Gateway Time-out</html>', '504: …'), 'Failed to save memory')).toBe('Failed to save memory');
    expect(toUserText(new ApiError(404, '{"message":"Memory not found"}', '404: …'), 'Failed to save memory')).toBe('Memory not found');
  });

  it('words an upload failure as memories §8 does, with its advice', () => {
    expect(toUserText(httpUploadError(413, ''))).toBe('File is too large for upload. Please trim or compress the video and try again.');
    expect(toUserText(httpUploadError(503, ''))).toBe('Server error during upload. Please try again shortly.');
    expect(toUserText(httpUploadError(400, '{"message":"Maximum 3 images allowed"}'))).toBe('Maximum 3 images allowed');
    expect(toUserText(new UploadError('Network error during upload', 0, 'network'))).toBe(
      'Network error - please check your connection. Please try again with a stable connection.',
    );
    expect(toUserText(new UploadError('x', 0, 'timeout'))).toBe('Upload timeout - file may be too large for this connection');
    expect(toUserText(new UploadError('x', 0, 'abort'))).toBe('Upload was aborted');
  });

  it("uses any other error's message, and the fallback when there is no message", () => {
    expect(toUserText(new Error('Failed to get upload URL: Please choose a video'))).toBe('Failed to get upload URL: Please choose a video');
    expect(toUserText(new Error(''), 'Failed to save memory')).toBe('Failed to save memory');
    expect(toUserText('a string thrown', 'Failed to save memory')).toBe('Failed to save memory');
    expect(toUserText(undefined)).toBe('Something went wrong on our side. Please try again');
  });
});
