package tpd

// idxHeap is a binary min-heap of task indices under a caller-supplied order.
type idxHeap struct {
	a    []int
	less func(i, j int) bool
}

func (h *idxHeap) len() int { return len(h.a) }
func (h *idxHeap) top() int { return h.a[0] }

func (h *idxHeap) push(x int) {
	h.a = append(h.a, x)
	j := len(h.a) - 1
	for j > 0 {
		i := (j - 1) / 2
		if !h.less(h.a[j], h.a[i]) {
			break
		}
		h.a[i], h.a[j] = h.a[j], h.a[i]
		j = i
	}
}

func (h *idxHeap) pop() int {
	x := h.a[0]
	n := len(h.a) - 1
	h.a[0] = h.a[n]
	h.a = h.a[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		j := l
		if r := l + 1; r < n && h.less(h.a[r], h.a[l]) {
			j = r
		}
		if !h.less(h.a[j], h.a[i]) {
			break
		}
		h.a[i], h.a[j] = h.a[j], h.a[i]
		i = j
	}
	return x
}
