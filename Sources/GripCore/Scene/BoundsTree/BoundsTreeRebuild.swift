/// Building the bounds tree in one go, for boxes added in bulk.
extension BoundsTree {
    /// Rebuilds the whole tree top-down (median splits along the longer axis of the leaves'
    /// centres), which gives a tighter tree than one grown by insertions, and lays it out in
    /// depth-first order: a node's first child node is the next node, and the nodes and the
    /// leaves of every subtree are runs of indices, so leaves close in space are close in memory.
    /// Every leaf gets a new index: the owner finds its leaves again through `shapes[i].id`.
    mutating func rebuild() {
        // The leaves' centres, packed: the splits below sort these, not the leaves.
        var items: [Item] = []
        items.reserveCapacity(leafCount)
        for i in leaves.indices where leafParents[i] != BoundsTree.unused {
            items.append(Item(center: leaves[i].rect.center, leaf: Int32(i)))
        }
        var out = Layout()
        if items.isEmpty {
            root = BoundsTree.none
        } else {
            (root, rootRect, rootKey) = items.withUnsafeMutableBufferPointer {
                build($0, 0, $0.count, parent: -1, into: &out)
            }
        }
        nodes = out.nodes
        links = out.links
        shapes = out.shapes
        leaves = out.leaves
        leafParents = out.leafParents
        freeNodes.removeAll()
        freeLeaves.removeAll()
        pendingCount = 0
        pendingLeaves = PagedArray()
        shapeVersion &+= 1
        // Built in bulk, probably to be looked at for a while: the cell index now.
        if leafCount >= BoundsTree.cellsMinimumLeaves { buildCells() }
    }

    /// A leaf to place: its centre and its index before the rebuild.
    private struct Item {
        var center: Vec2
        var leaf: Int32
    }

    /// The arrays a rebuild fills, in depth-first order.
    private struct Layout {
        var nodes = PagedArray<Node>()
        var links = PagedArray<Links>()
        var shapes = PagedArray<HitShape>()
        var leaves = PagedArray<Leaf>()
        var leafParents = PagedArray<Int32>()
    }

    /// Builds the subtree over `items[lo..<hi]` into `out`; returns its reference, rectangle and key.
    private func build(
        _ items: UnsafeMutableBufferPointer<Item>, _ lo: Int, _ hi: Int, parent: Int32,
        into out: inout Layout
    ) -> (Int32, FloatRect, UInt32) {
        if hi - lo == 1 {
            let l = Int(items[lo].leaf)
            let leaf = leaves[l]
            out.shapes.append(shapes[l])
            out.leaves.append(leaf)
            out.leafParents.append(parent)
            return (~Int32(out.leaves.count - 1), FloatRect(outward: leaf.rect), leaf.info.key)
        }
        // Split at the median centre along the longer axis of the centres' spread.
        var bmin = Vec2(Double.infinity, Double.infinity), bmax = Vec2(-Double.infinity, -Double.infinity)
        for i in lo..<hi {
            let c = items[i].center
            bmin.x = Swift.min(bmin.x, c.x); bmin.y = Swift.min(bmin.y, c.y)
            bmax.x = Swift.max(bmax.x, c.x); bmax.y = Swift.max(bmax.y, c.y)
        }
        let mid = (lo + hi) / 2
        BoundsTree.select(items, lo, hi, mid, alongX: bmax.x - bmin.x >= bmax.y - bmin.y)
        let n = Int32(out.nodes.count)
        let empty = FloatRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        out.nodes.append(Node(rect1: empty, rect2: empty, child1: 0, child2: 0, key1: 0, key2: 0))
        out.links.append(Links(parent: parent, height: 1))
        let (a, ra, ka) = build(items, lo, mid, parent: n, into: &out)
        let (b, rb, kb) = build(items, mid, hi, parent: n, into: &out)
        out.nodes[Int(n)] = Node(rect1: ra, rect2: rb, child1: a, child2: b, key1: ka, key2: kb)
        let ha = a >= 0 ? out.links[Int(a)].height : 0, hb = b >= 0 ? out.links[Int(b)].height : 0
        out.links[Int(n)].height = 1 + Swift.max(ha, hb)
        return (n, FloatRect.union(ra, rb), Swift.max(ka, kb))
    }

    /// Partially orders `items[lo..<hi]` so the element at `k` has no smaller centre after it
    /// and no larger one before it (quickselect, middle pivot).
    private static func select(_ items: UnsafeMutableBufferPointer<Item>, _ lo: Int, _ hi: Int, _ k: Int, alongX: Bool)
    {
        func key(_ i: Int) -> Double { alongX ? items[i].center.x : items[i].center.y }
        var lo = lo, hi = hi - 1
        while lo < hi {
            let pivot = key((lo + hi) / 2)
            var i = lo, j = hi
            while i <= j {
                while key(i) < pivot { i += 1 }
                while key(j) > pivot { j -= 1 }
                if i <= j { items.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }
}
