import { serializerCompiler } from '../serialization';

// Serializers are kept by their schema's text (http/serialization.ts): each server's own copies of a schema
// share one, and a schema that differs in anything gets its own.
const route = (schema: object) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const answer = { id: '7', amount: '1.50', secret: 'never sent' };

describe('answer serializers kept by schema', () => {
  it('serialize equal schemas given as distinct objects alike, and only their properties', () => {
    const schema = () => ({
      type: 'object',
      properties: { id: { type: 'string' }, amount: { type: 'string' } },
    });
    const first = serializerCompiler(route(schema()));
    const second = serializerCompiler(route(schema()));
    expect(first(answer)).toBe('{"id":"7","amount":"1.50"}');
    expect(second(answer)).toBe(first(answer));
  });

  it('never hand one schema the serializer of another that looks alike', () => {
    const withId = serializerCompiler(route({ type: 'object', properties: { id: { type: 'string' } } }));
    const withAmount = serializerCompiler(
      route({ type: 'object', properties: { amount: { type: 'string' } } }),
    );
    const idAsNumber = serializerCompiler(route({ type: 'object', properties: { id: { type: 'integer' } } }));
    expect(withId(answer)).toBe('{"id":"7"}');
    expect(withAmount(answer)).toBe('{"amount":"1.50"}');
    expect(idAsNumber(answer)).toBe('{"id":7}');
  });
});
