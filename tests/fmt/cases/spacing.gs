// Spaces inside a line: around binary operators and assignments, after
// commas and colons, none inside brackets, calls, indexes and slices.
struct Point{x:int,y:int}
struct Pair[A,B]{first:A,second:B}
enum Shape{Circle(r:f64),Square(side:f64),Empty}

fn add(a:int,b:int)->int{return a+b}
fn max[T](a:T,b:T)->T{if a>b{return a}
return b}
fn(p:Point)norm1()->int{return abs(p.x)+abs(p.y)}
fn (p : ref Point) shift (dx : int) { p.x+=dx }
fn apply(f:fn(int)->int,x:int)->int{return f(x)}
fn divmod(a:int,b:int)->(int,int){return(a/b,a%b)}

fn main(){
    var xs=[]int{1,2,3,4,5}
    let s=xs[1:3]
    let t=xs[ : 2 ]
    let u=xs[ 3 : ]
    var p=Point{x:1,y:-2}
    p.shift(  3  )
    let q=max[int](p.x,p.y)
    let r=-q*2+~q-(-1)
    let ok=!(q<3)&&r!=0||q>=10
    let o:?int=q
    let ps=[]Pair[int,string]{Pair[int,string]{first:1,second:"a"},{first:2,second:"b"}}
    let fixed:[3]u8=[1_u8,2,3]
    let sh=Shape.Circle(r:2.0)
    let (d,m)=divmod(17,5)
    for i in 0..xs.len{xs[i]<<=1}
    for i,x in xs{if i%2==0{println(i,x)}}
    let f=fn(x:int)->int{return x*x}
    println(add(1,2),p.norm1(),q,r,ok,s.len,t.len,u.len,ps.len,fixed[2],d,m,apply(f,3),xs[0]as u8)
    match o{some(v)=>println(v),none=>{}}
    match sh{Circle(r)=>println(r),Square(_)=>println("square"),Empty=>{}}
    match q{0=>println("zero"),1|2|3=>println("small"),-5..0=>println("neg"),_=>println("big")}
    assert q>0,"q is positive"
}
