// A V8 inspector session on this thread, with a `post` that returns the answer: the same thread's session
// answers synchronously, so the profiling preloads (`profile-jest-workers.mjs`, `server/bench/profile-measured.mjs`)
// can start and stop the profiler from any code path, an exit handler included.
import inspector from 'node:inspector';

/** Connects a session: `post(method, params)` answers the result; `disconnect()` ends the session. */
export function inspectorSession() {
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => {
    let answer;
    session.post(method, params, (error, result) => {
      if (error) throw error;
      answer = result;
    });
    return answer;
  };
  return { post, disconnect: () => session.disconnect() };
}
