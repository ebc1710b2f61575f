package rrs

import "math"

// bestFirst holds open items by their bound, largest first
// (container/heap's interface): the open nodes of both global searches and
// the open share intervals of a DC's oracle.
type bestFirst[T any] struct {
	items []T
	bound func(T) float64
}

// newBestFirst returns a heap holding first, ordered by bound.
func newBestFirst[T any](bound func(T) float64, first T) *bestFirst[T] {
	return &bestFirst[T]{items: []T{first}, bound: bound}
}

func (h *bestFirst[T]) Len() int           { return len(h.items) }
func (h *bestFirst[T]) Less(a, b int) bool { return h.bound(h.items[a]) > h.bound(h.items[b]) }
func (h *bestFirst[T]) Swap(a, b int)      { h.items[a], h.items[b] = h.items[b], h.items[a] }
func (h *bestFirst[T]) Push(x any)         { h.items = append(h.items, x.(T)) }
func (h *bestFirst[T]) Pop() any {
	n := len(h.items) - 1
	x := h.items[n]
	h.items = h.items[:n]
	return x
}

// top returns the item of the largest bound; the heap must not be empty.
func (h *bestFirst[T]) top() T { return h.items[0] }

// max returns the largest bound of the items, −Inf when there is none.
func (h *bestFirst[T]) max() float64 {
	b := math.Inf(-1)
	for _, it := range h.items {
		b = math.Max(b, h.bound(it))
	}
	return b
}
